//! Whole numbers of any size, just what counting layouts needs: sums, products, binomials and
//! decimal digits.

/// Little-endian 64-bit limbs, no zero limbs at the top (zero is no limbs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Big(Vec<u64>);

impl Big {
    pub fn from_u128(value: u128) -> Big {
        let mut big = Big(vec![value as u64, (value >> 64) as u64]);
        big.trim();
        big
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub fn add(&mut self, other: &Big) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        let mut carry = 0u128;
        for (index, limb) in self.0.iter_mut().enumerate() {
            let sum =
                u128::from(*limb) + u128::from(other.0.get(index).copied().unwrap_or(0)) + carry;
            *limb = sum as u64;
            carry = sum >> 64;
            if carry == 0 && index >= other.0.len() {
                break;
            }
        }
        if carry != 0 {
            self.0.push(carry as u64);
        }
    }

    pub fn mul(&self, other: &Big) -> Big {
        let mut product = vec![0u64; self.0.len() + other.0.len()];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &b) in other.0.iter().enumerate() {
                let value = u128::from(a) * u128::from(b) + u128::from(product[i + j]) + carry;
                product[i + j] = value as u64;
                carry = value >> 64;
            }
            product[i + other.0.len()] = carry as u64;
        }
        let mut big = Big(product);
        big.trim();
        big
    }

    pub fn mul_small(&mut self, factor: u64) {
        let mut carry = 0u128;
        for limb in &mut self.0 {
            let value = u128::from(*limb) * u128::from(factor) + carry;
            *limb = value as u64;
            carry = value >> 64;
        }
        if carry != 0 {
            self.0.push(carry as u64);
        }
        self.trim();
    }

    /// Divides in place and returns the remainder.
    pub fn div_small(&mut self, divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for limb in self.0.iter_mut().rev() {
            let value = (remainder << 64) | u128::from(*limb);
            *limb = (value / u128::from(divisor)) as u64;
            remainder = value % u128::from(divisor);
        }
        self.trim();
        remainder as u64
    }

    /// `n` choose `k`, for `k <= n`.
    pub fn choose(n: u64, k: u64) -> Big {
        let k = k.min(n - k);
        let mut value = Big::from_u128(1);
        // After step i the value is C(n - k + i, i), a whole number, so each division is exact.
        for i in 1..=k {
            value.mul_small(n - k + i);
            value.div_small(i);
        }
        value
    }

    pub fn to_decimal(&self) -> String {
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_small(CHUNK));
        }
        let Some((top, lower)) = chunks.split_last() else {
            return "0".into();
        };
        let mut text = top.to_string();
        for chunk in lower.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::Big;

    #[test]
    fn binomials_and_digits_are_exact() {
        assert_eq!(Big::choose(480, 99).to_decimal().len(), 105);
        assert_eq!(Big::choose(10, 3).to_decimal(), "120");
        assert_eq!(Big::choose(7, 0).to_decimal(), "1");
        let mut sum = Big::from_u128(u128::MAX);
        sum.add(&Big::from_u128(1));
        assert_eq!(sum.to_decimal(), "340282366920938463463374607431768211456");
        let square =
            Big::from_u128(u128::from(u64::MAX)).mul(&Big::from_u128(u128::from(u64::MAX)));
        assert_eq!(
            square,
            Big::from_u128(u128::from(u64::MAX) * u128::from(u64::MAX))
        );
        assert_eq!(Big::default().to_decimal(), "0");
    }
}
