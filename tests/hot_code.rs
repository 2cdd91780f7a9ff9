//! The program is linked with assets/hot-code.ld on Linux: the functions its sessions run come
//! first in its code, in a section of their own (README, Memory).
#![cfg(target_os = "linux")]

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

/// The name, file offset and size of each section of a 64-bit little-endian ELF file.
fn sections(elf: &[u8]) -> Vec<(String, u64, u64)> {
    let u16_at = |at: usize| u16::from_le_bytes(elf[at..at + 2].try_into().unwrap());
    let u32_at = |at: usize| u32::from_le_bytes(elf[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(elf[at..at + 8].try_into().unwrap());
    assert_eq!(
        &elf[..6],
        b"\x7fELF\x02\x01",
        "a 64-bit little-endian ELF file"
    );
    let table = u64_at(0x28) as usize;
    let entry = usize::from(u16_at(0x3a));
    let count = usize::from(u16_at(0x3c));
    let names = table + usize::from(u16_at(0x3e)) * entry;
    let names = u64_at(names + 0x18) as usize;
    (0..count)
        .map(|index| {
            let header = table + index * entry;
            let name = &elf[names + u32_at(header) as usize..];
            let name = &name[..name.iter().position(|&b| b == 0).unwrap()];
            (
                String::from_utf8_lossy(name).into_owned(),
                u64_at(header + 0x18),
                u64_at(header + 0x20),
            )
        })
        .collect()
}

#[test]
fn the_hot_code_comes_first_in_a_section_of_its_own() {
    let elf = std::fs::read(BINARY).unwrap();
    let sections = sections(&elf);
    let find = |wanted: &str| {
        sections
            .iter()
            .find(|(name, _, _)| name == wanted)
            .unwrap_or_else(|| panic!("no {wanted} section in {sections:?}"))
    };
    let (_, hot_offset, hot_size) = find(".text.hot");
    let (_, text_offset, text_size) = find(".text");
    assert!(hot_offset < text_offset);
    // Several hundred functions: a script whose patterns matched next to nothing would leave
    // the section nearly empty.
    assert!(
        *hot_size > 256 * 1024,
        ".text.hot holds {hot_size} bytes, .text {text_size}"
    );
}
