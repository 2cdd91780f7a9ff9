//! Chances as players read them: whole percents, where a chance that is neither none nor certain
//! never reads as 0% or 100%.

/// `33%`; `<1%` and `>99%` near the ends.
pub fn percent(chance: f64) -> String {
    if chance <= 0.0 {
        return "0%".to_string();
    }
    if chance >= 1.0 {
        return "100%".to_string();
    }
    match (chance * 100.0).round() {
        whole if whole < 1.0 => "<1%".to_string(),
        whole if whole > 99.0 => ">99%".to_string(),
        whole => format!("{whole:.0}%"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_none_and_certain_read_as_the_ends() {
        let read: Vec<String> = [0.0, 0.001, 0.006, 0.334, 0.995, 0.9999, 1.0]
            .into_iter()
            .map(percent)
            .collect();
        assert_eq!(read, ["0%", "<1%", "1%", "33%", ">99%", ">99%", "100%"]);
    }
}
