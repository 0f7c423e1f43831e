//! Tests of the claims reader: what each phrasing claims, and what it must not.
use super::*;

fn c(text: &str) -> Claims {
    read(text)
}

fn set(seats: &[Seat]) -> SeatSet {
    seats.iter().copied().collect()
}

#[test]
fn reads_natural_english_role_claims() {
    for (text, role) in [
        (
            "Seer here: I checked Seat 4 and they are a wolf",
            Role::Seer,
        ),
        ("I'm the seer", Role::Seer),
        ("Okay. I am the real seer, not him", Role::Seer),
        ("I am a villager", Role::Villager),
        ("i am just a villager, nothing to hide", Role::Villager),
        ("As the hunter, I will shoot whoever lies", Role::Hunter),
        ("Witch here. I saved 3 last night", Role::Witch),
        ("I claim seer", Role::Seer),
        ("Im the witch", Role::Witch),
        ("I’m the seer and 5 is a wolf", Role::Seer),
    ] {
        assert_eq!(c(text).role, Some(role), "{text}");
    }
    for text in [
        "I am not the seer",
        "I'm not a villager, I'm good",
        "4 died last night",
        "the seer should speak",
        "as the seer said, listen",
        "nobody is the hunter here",
        "I don't claim seer",
        "I am good",
    ] {
        assert_eq!(c(text).role, None, "{text}");
    }
}

#[test]
fn reads_natural_english_reports() {
    let r = c("Seer here: I checked Seat 4 and they are a wolf");
    assert_eq!((r.wolves, r.good), (set(&[4]), set(&[])));
    let r = c("my check on 5 came back good");
    assert_eq!((r.wolves, r.good), (set(&[]), set(&[5])));
    assert_eq!(c("5 is a werewolf").wolves, set(&[5]));
    assert_eq!(c("seat 7 is clean").good, set(&[7]));
    assert_eq!(c("Seat 7 is innocent!").good, set(&[7]));
    assert_eq!(
        c("I checked 2 and 2 is definitely a wolf").wolves,
        set(&[2])
    );
    assert_eq!(c("checked 6 and they are not a wolf").good, set(&[6]));
    let r = c("Checked 5, and 6 is a wolf");
    assert_eq!((r.wolves, r.good), (set(&[6]), set(&[])));
    let r = c("I am the seer. Checked 5: wolf. Checked seat 3: good. Vote 5!");
    assert_eq!(
        (r.wolves, r.good, r.accuses),
        (set(&[5]), set(&[3]), set(&[5]))
    );
    for text in [
        "I checked nobody",
        "I will check 5 tonight",
        "4 died",
        "seat 4 spoke well",
        "4 is not a wolf in my view",
        "12 is a wolf",
        "Seat 3 and seat 8 talked",
    ] {
        let r = c(text);
        assert!(r.wolves.is_empty() && r.good.is_empty(), "{text}: {r:?}");
    }
}

#[test]
fn reads_natural_english_accusations_and_witch_reports() {
    assert_eq!(c("vote out 6").accuses, set(&[6]));
    assert_eq!(c("I'm voting 4").accuses, set(&[4]));
    assert_eq!(c("suspect seat 2").accuses, set(&[2]));
    assert_eq!(c("I am suspicious of 8").accuses, set(&[8]));
    assert_eq!(c("9 is suspicious").accuses, set(&[9]));
    assert_eq!(c("vote for no 3 please").accuses, set(&[3]));
    assert_eq!(c("I saved 3 last night").saved, Some(3));
    assert_eq!(c("I poisoned seat 6").poisoned, Some(6));
    for text in [
        "don't vote 3",
        "do not vote for 3, vote nobody yet",
        "never vote 4 on day one",
        "4 votes for 6",
        "I voted 4 yesterday",
        "I will save 3",
        "I suspect nobody",
    ] {
        let r = c(text);
        assert!(r.accuses.is_empty() && r.saved.is_none(), "{text}: {r:?}");
    }
}

#[test]
fn reads_chinese_table_talk() {
    assert_eq!(c("我是预言家").role, Some(Role::Seer));
    let r = c("我是预言家，查验了4号是狼");
    assert_eq!((r.role, r.wolves), (Some(Role::Seer), set(&[4])));
    assert_eq!(c("5号是金水").good, set(&[5]));
    assert_eq!(c("5号是好人").good, set(&[5]));
    assert_eq!(c("5号金水，4号查杀").good, set(&[5]));
    assert_eq!(c("5号金水，4号查杀").wolves, set(&[4]));
    assert_eq!(c("查杀四号").wolves, set(&[4]));
    assert_eq!(c("验了7号，好人").good, set(&[7]));
    assert_eq!(c("投6号").accuses, set(&[6]));
    assert_eq!(c("我投了6号").accuses, set(&[6]));
    assert_eq!(c("大家投票给5号").accuses, set(&[5]));
    assert_eq!(c("我怀疑2号").accuses, set(&[2]));
    let r = c("我是女巫，昨晚救了3号");
    assert_eq!((r.role, r.saved), (Some(Role::Witch), Some(3)));
    assert_eq!(c("我毒了8号").poisoned, Some(8));
    assert_eq!(c("我是猎人").role, Some(Role::Hunter));
    assert_eq!(c("我是村民").role, Some(Role::Villager));
    assert_eq!(c("我是平民").role, Some(Role::Villager));
    assert_eq!(c("我是一个平民").role, Some(Role::Villager));
    for text in [
        "我不是预言家",
        "4号死了",
        "不要投3号",
        "别投3号",
        "我是好人",
        "4号不是狼",
        "昨晚没救人",
        "平安夜",
    ] {
        let r = c(text);
        assert!(
            r.role.is_none() && r.wolves.is_empty() && r.accuses.is_empty() && r.saved.is_none(),
            "{text}: {r:?}"
        );
    }
    // Mixed: English words in a non-ASCII text are read too.
    let r = c("I am the seer — checked 5: wolf 🐺");
    assert_eq!((r.role, r.wolves), (Some(Role::Seer), set(&[5])));
}

#[test]
fn reads_a_seer_report() {
    let c = read("I am the seer. Checked 5: wolf. Checked seat 3: good. Vote 5!");
    assert_eq!(c.role, Some(Role::Seer));
    assert_eq!(c.wolves, SeatSet::only(5));
    assert_eq!(c.good, SeatSet::only(3));
    assert_eq!(c.accuses, SeatSet::only(5));
}

#[test]
fn reads_plain_talk() {
    let c = read("I'm a villager, I suspect 7 and 2 is a wolf; vote out seat 2");
    assert_eq!(c.role, Some(Role::Villager));
    assert_eq!(c.wolves, SeatSet::only(2));
    assert_eq!(c.accuses, [7, 2].into_iter().collect());
    let c = read("Witch here: I am the witch, saved 4 last night");
    assert_eq!((c.role, c.saved), (Some(Role::Witch), Some(4)));
    assert!(read("nothing to say, 12 votes 10").is_empty());
    let c = read("I am not the seer, vote for no 3. Seat 4 is a werewolf");
    assert_eq!(c.role, None);
    assert_eq!((c.accuses, c.wolves), (SeatSet::only(3), SeatSet::only(4)));
    let c = read("我是预言家。查验5号是狼。");
    assert_eq!((c.role, c.wolves), (Some(Role::Seer), SeatSet::only(5)));
}

/// A person's defence, promise and correction are read as such; none of them claims
/// anything else, and a correction is not read as the report it quotes.
#[test]
fn reads_a_defence_a_promise_and_a_correction() {
    for text in [
        "I am not a wolf.",
        "I'm not the werewolf, check me",
        "Im innocent",
        "我不是狼，别投我",
    ] {
        let r = c(text);
        assert!(r.denies, "{text}");
        assert_eq!(
            (r.role, r.wolves, r.good),
            (None, SeatSet::EMPTY, SeatSet::EMPTY)
        );
    }
    assert!(!c("I am not the seer").denies);
    assert!(!c("I am good, do not waste the vote on me.").denies);
    for (text, seat) in [
        ("I will vote 5 today.", 5),
        ("I'll vote seat 6", 6),
        ("I'm voting for 4.", 4),
        ("My vote goes to 7", 7),
        ("my vote is on seat 2", 2),
        ("我会投5号", 5),
    ] {
        let r = c(text);
        assert_eq!(r.pledge, seat, "{text}");
        assert!(r.accuses.contains(seat), "{text}");
    }
    // A call to vote is an accusation, not a promise.
    for text in ["Vote 5.", "My vote: vote 5.", "Let us vote 5.", "投5号"] {
        assert_eq!(c(text).pledge, 0, "{text}");
    }
    for (text, seat) in [
        ("I never said 4 was good.", 4),
        ("I didn't call 6 a wolf", 6),
        ("I did not say that 3 is a wolf, I said 5 is", 3),
        ("I never accused seat 8.", 8),
        ("我没说过4号是好人", 4),
    ] {
        let r = c(text);
        assert_eq!(r.retracted, seat, "{text}");
        assert!(
            !r.good.contains(seat) && !r.wolves.contains(seat) && !r.accuses.contains(seat),
            "{text}: {r:?}"
        );
    }
    // What an earlier sentence claimed stands; the correction takes back only itself.
    let r = c("Seat 4 is suspicious. I never said 4 was good.");
    assert_eq!((r.accuses, r.good), (SeatSet::only(4), SeatSet::EMPTY));
    // Claims without these fields serialize as before.
    assert_eq!(
        serde_json::to_string(&c("Vote 5.")).unwrap(),
        r#"{"accuses":[5]}"#
    );
}

/// A speech's claims travel in every speech event nine players are shown: kept to
/// 32 bytes (the ladder measured 3% slower at 40).
#[test]
fn claims_stay_small() {
    assert!(std::mem::size_of::<Claims>() <= 32);
}

#[test]
fn a_larger_table_names_seats_up_to_its_size_and_a_nine_seat_one_never_beyond_nine() {
    let at12 = |t: &str| read_at(t, 12);
    assert_eq!(at12("12 is a wolf").wolves, SeatSet::only(12));
    assert_eq!(at12("I checked seat 10, a wolf").wolves, SeatSet::only(10));
    assert_eq!(at12("我是预言家，查验了11号是狼").wolves, SeatSet::only(11));
    assert_eq!(at12("十二号是好人").good, SeatSet::only(12));
    assert_eq!(at12("金水10号").good, SeatSet::only(10));
    assert_eq!(at12("I vote 12").pledge, 12);
    // Past the table's seats, or three digits: nobody.
    assert!(at12("13 is a wolf").is_empty());
    assert!(at12("112号是狼").is_empty());
    assert!(read_at("13 is a wolf", 16).wolves.contains(13));
    // A nine-seat table reads as it always did.
    assert!(read("12号是狼").is_empty());
    assert!(read("十二号是狼").is_empty());
    assert_eq!(read("2号是狼").wolves, SeatSet::only(2));
}
