//! The clipboard through the terminal: OSC 52 asks the terminal to put text on the system
//! clipboard, which works over ssh and inside tmux (with `set-clipboard on`). Terminals without it
//! ignore the sequence.

/// The OSC 52 sequence that puts `text` on the clipboard.
pub fn sequence(text: &str) -> Vec<u8> {
    let mut out = b"\x1b]52;c;".to_vec();
    out.extend(base64(text.as_bytes()).bytes());
    out.push(0x07);
    out
}

/// Standard base64 with padding, as OSC 52 wants.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_goes_out_as_base64_in_osc_52() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(
            base64("grid-arcade daily ✓".as_bytes()),
            "Z3JpZC1hcmNhZGUgZGFpbHkg4pyT"
        );
        assert_eq!(sequence("hi"), b"\x1b]52;c;aGk=\x07");
    }
}
