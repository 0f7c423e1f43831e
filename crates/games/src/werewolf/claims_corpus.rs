//! What people type at a werewolf table, in English and Chinese, and what the claims reader
//! must find in it: a role claim, seer reports, suspicions and votes, witch reports — and
//! nothing in a denial, a plan or a remark.

use super::claims::{read, Claims};
use super::{Role, SeatSet};

/// `role=seer w=2 g=7 a=5 saved=4 poisoned=9 pledge=5 retracted=4 denies=1`; an empty string
/// is "no claim at all".
fn expected(spec: &str) -> Claims {
    let mut c = Claims::default();
    for part in spec.split_whitespace() {
        let (key, value) = part.split_once('=').expect("key=value");
        let seats = || -> SeatSet { value.split(',').map(|v| v.parse().unwrap()).collect() };
        match key {
            "role" => {
                c.role = Some(match value {
                    "seer" => Role::Seer,
                    "witch" => Role::Witch,
                    "hunter" => Role::Hunter,
                    "villager" => Role::Villager,
                    other => panic!("unknown role {other}"),
                })
            }
            "w" => c.wolves = seats(),
            "g" => c.good = seats(),
            "a" => c.accuses = seats(),
            "saved" => c.saved = value.parse().ok(),
            "poisoned" => c.poisoned = value.parse().ok(),
            "pledge" => c.pledge = value.parse().expect("a seat"),
            "retracted" => c.retracted = value.parse().expect("a seat"),
            "denies" => c.denies = value == "1",
            other => panic!("unknown key {other}"),
        }
    }
    c
}

const ENGLISH: &[(&str, &str)] = &[
    ("7: good", "g=7"),
    ("I'm the seer, 2 is a wolf", "role=seer w=2"),
    ("I'm the seer. 7 good, 4 wolf.", "role=seer w=4 g=7"),
    ("Seer here. Checked 6, wolf.", "role=seer w=6"),
    (
        "I am the seer and I checked 3 last night, 3 is good",
        "role=seer g=3",
    ),
    ("My check on 8 came back wolf", "w=8"),
    ("checked 5 - wolf", "w=5"),
    ("5 is the wolf", "w=5"),
    ("I think 5 is probably a wolf", "a=5"),
    ("Seat 9 is clean", "g=9"),
    ("vote 4", "a=4"),
    ("Let's vote out seat 6", "a=6"),
    ("lynch 2", "a=2"),
    ("We should eliminate 3 today", "a=3"),
    ("I suspect 8", "a=8"),
    ("8 is sus", "a=8"),
    ("I am a villager", "role=villager"),
    ("Witch here, I saved 4 last night", "role=witch saved=4"),
    ("I'm the hunter, don't push me", "role=hunter"),
    ("I poisoned 7", "poisoned=7"),
    ("I checked 2: not a wolf", "g=2"),
    ("5 wolf 6 good", "w=5 g=6"),
    ("Claiming seer: 1 is a werewolf", "role=seer w=1"),
    ("I claim to be the witch", "role=witch"),
    ("Seer here: checked seat 7, he is good", "role=seer g=7"),
    ("voting 9", "a=9"),
    ("I'm voting for seat 1", "a=1 pledge=1"),
    ("As the seer, I checked 4 and 4 is a wolf", "role=seer w=4"),
    ("im seer 3 wolf", "role=seer w=3"),
    ("2 = good", "g=2"),
    ("my read: 7 is good", "g=7"),
    ("Seat 4 is a werewolf, vote 4", "w=4 a=4"),
    ("don't vote 5. 5 is good, I checked", "g=5"),
    ("Suspicious of 6", "a=6"),
    (
        "I'm the real seer. 9 is a wolf, vote 9",
        "role=seer w=9 a=9",
    ),
    ("3 is lying, I am the real seer", "role=seer w=3"),
    (
        "Seer here. 5 wolf, checked him last night. Vote 5.",
        "role=seer w=5 a=5",
    ),
    ("seer: 4 good (checked), 8 wolf", "w=8 g=4"),
    ("Seat 6 is a fake. I checked 2: wolf", "w=6,2"),
    ("4 is probably lying", "a=4"),
    ("I have watched closely; seat 2 worries me.", "a=2"),
    ("I don't trust seat 7", "a=7"),
    ("I am worried about 4", "a=4"),
    // A defence, a promise, a correction.
    ("I am not a wolf, 6 is lying", "denies=1 w=6"),
    ("I'm innocent. Look at 3.", "denies=1"),
    ("I will vote 2 today", "a=2 pledge=2"),
    ("My vote goes to seat 8", "a=8 pledge=8"),
    ("I never said 4 was good", "retracted=4"),
    ("I didn't call 6 a wolf, I said he was quiet", "retracted=6"),
    // Nothing claimed: denials, plans, remarks.
    ("I'm not the seer", ""),
    ("I trust 5", ""),
    ("don't vote 3, he's good", ""),
    ("do not lynch 2", ""),
    ("I have 2 good reasons", ""),
    ("There are 3 wolves left", ""),
    ("seat 4 spoke well", ""),
    ("I will check 5 tonight", ""),
    ("12 is a wolf", ""),
    ("I will save 3", ""),
];

const CHINESE: &[(&str, &str)] = &[
    ("查验7号金水", "g=7"),
    ("我是预言家，2号是狼", "role=seer w=2"),
    ("我跳预言家，查杀5号", "role=seer w=5"),
    ("7号好人", "g=7"),
    ("3号狼人", "w=3"),
    ("我查了6号，是狼", "w=6"),
    ("我就是女巫，救了4号", "role=witch saved=4"),
    ("本人是猎人", "role=hunter"),
    ("投5号", "a=5"),
    ("大家投给3号", "a=3"),
    ("我怀疑8号", "a=8"),
    ("5号金水，6号查杀", "w=6 g=5"),
    ("金水给7号", "g=7"),
    ("昨晚毒了9号", "poisoned=9"),
    ("验了三号，好人", "g=3"),
    ("我是平民，投4号", "role=villager a=4"),
    ("我是村民", "role=villager"),
    ("查杀二号", "w=2"),
    ("我是预言家。昨晚查验9号是好人。", "role=seer g=9"),
    ("4号是狼，大家投4号", "w=4 a=4"),
    ("6号像狼", "a=6"),
    ("7号很可疑", "a=7"),
    ("5号有点可疑", "a=5"),
    ("我不是狼", "denies=1"),
    ("我会投6号", "a=6 pledge=6"),
    ("我没说过4号是好人", "retracted=4"),
    // Nothing claimed.
    ("不要投2号", ""),
    ("4号不是狼", ""),
    ("我不是预言家", ""),
    ("平安夜，没人死", ""),
    ("别投3号", ""),
];

#[test]
fn the_corpus_has_sixty_phrasings_in_two_languages() {
    assert!(ENGLISH.len() + CHINESE.len() >= 60);
    assert!(CHINESE.len() >= 20);
}

#[test]
fn people_s_phrasings_read_as_they_mean() {
    let mut wrong = Vec::new();
    for (text, spec) in ENGLISH.iter().chain(CHINESE) {
        let got = read(text);
        if got != expected(spec) {
            wrong.push(format!("{text:?}: want {spec:?}, read {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}
