//! On Linux, links grid-arcade with assets/hot-code.ld, which puts the code its sessions run
//! together at the front: the kernel maps a program's file 64 KiB around each page touched, so
//! gathered hot code keeps about a megabyte of the file out of memory (README, Memory).
//! `cargo bench --bench hot_code -- --write` writes the script.

fn main() {
    let script = "assets/hot-code.ld";
    println!("cargo::rerun-if-changed={script}");
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("Cargo sets CARGO_MANIFEST_DIR");
        // -Xlinker passes the path whole, commas and all; a script of SECTIONS and INSERT adds to
        // the linker's own layout instead of replacing it.
        println!("cargo::rustc-link-arg-bin=grid-arcade=-Xlinker");
        println!("cargo::rustc-link-arg-bin=grid-arcade=--script={manifest}/{script}");
    }
}
