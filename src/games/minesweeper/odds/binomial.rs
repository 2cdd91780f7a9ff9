//! Binomial coefficients in log space: the ways to place mines on many cells outgrow any
//! number type, their logarithms do not.

/// The natural logarithm of `n` choose `k`.
pub(super) fn ln_choose(n: u64, k: u64) -> f64 {
    ln_factorial(n) - ln_factorial(k) - ln_factorial(n - k)
}

fn ln_factorial(n: u64) -> f64 {
    if n < 32 {
        return (2..=n).map(|i| (i as f64).ln()).sum();
    }
    // Stirling's series; from 32 on its error is far below a double's precision.
    let x = n as f64;
    let inverse = 1.0 / x;
    let inverse_squared = inverse * inverse;
    x * x.ln() - x
        + 0.5 * (std::f64::consts::TAU * x).ln()
        + inverse * (1.0 / 12.0 - inverse_squared * (1.0 / 360.0 - inverse_squared / 1260.0))
}
