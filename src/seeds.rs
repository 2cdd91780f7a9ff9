//! The seeds of new games: the `--seed` first and a fixed sequence after it, or random ones.

/// The bits of the seeds the program draws: enough for a trillion boards, and short in a game's
/// code.
pub const SEED_BITS: u32 = 40;

/// Seeds for new games: the `--seed` first and a fixed sequence after it, or random ones.
#[derive(Clone, Debug)]
pub struct Seeds {
    base: Option<u64>,
    issued: u64,
}

impl Seeds {
    pub fn new(base: Option<u64>) -> Seeds {
        Seeds { base, issued: 0 }
    }

    /// The next seed: the `--seed` as given first, then seeds of [`SEED_BITS`].
    pub fn next_seed(&mut self) -> u64 {
        let n = self.issued;
        self.issued += 1;
        match self.base {
            Some(base) if n == 0 => base,
            Some(base) => derived(base, n),
            None => rand::random::<u64>() >> (64 - SEED_BITS),
        }
    }
}

/// The `n`th seed drawn from `seed`, of [`SEED_BITS`]: nearby inputs give unrelated seeds.
pub fn derived(seed: u64, n: u64) -> u64 {
    splitmix(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> (64 - SEED_BITS)
}

/// SplitMix64's finaliser: spreads nearby inputs over the whole range.
fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
