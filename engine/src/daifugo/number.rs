//! Numbers formed from cards (§3.2) and the prime judgment (§3.3): cards placed side by
//! side read as one number ([3][10] → 310), primality and the factorisation the bot
//! shows. Numbers have at most 4 digits (§6.6), so trial division is plenty.

/// The number read from card values placed side by side in this order.
pub fn concat(values: &[u8]) -> u32 {
    values.iter().fold(0u32, |acc, &v| {
        let shift = if v >= 10 { 100 } else { 10 };
        acc * shift + u32::from(v)
    })
}

pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    if n % 2 == 0 {
        return n == 2;
    }
    let mut d = 3;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

/// The prime factors of `n`, smallest first (empty for 0 and 1).
pub fn prime_factors(mut n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    if n < 2 {
        return out;
    }
    let mut d = 2;
    while d * d <= n {
        while n % d == 0 {
            out.push(d);
            n /= d;
        }
        d += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// §3.3 ruling: the text the bot shows for a failed judgment, e.g. `310 = 2 × 5 × 31`.
pub fn factorisation(n: u32) -> String {
    match n {
        0 => "0 is not prime".into(),
        1 => "1 is not prime".into(),
        _ => {
            let f: Vec<String> = prime_factors(n).iter().map(u32::to_string).collect();
            format!("{n} = {}", f.join(" × "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concat_reads_cards_side_by_side() {
        assert_eq!(concat(&[3, 10]), 310);
        assert_eq!(concat(&[10, 3]), 103);
        assert_eq!(concat(&[19, 13]), 1913);
        assert_eq!(concat(&[9, 7, 3]), 973);
    }

    #[test]
    fn primes_and_factors() {
        assert!(is_prime(2) && is_prime(1913) && !is_prime(1) && !is_prime(310));
        assert_eq!(factorisation(310), "310 = 2 × 5 × 31");
        assert_eq!(factorisation(4), "4 = 2 × 2");
    }
}
