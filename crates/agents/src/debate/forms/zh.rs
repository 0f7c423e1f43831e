//! The forms of [`super`] in Chinese: the same places in a sentence, written as a Chinese
//! debater says them. A claim is set in whole (its closing "。" dropped); nothing is
//! lower-cased, and nothing stands between a lead-in and its claim (a lead-in carries its
//! own "，" or "：").

use super::Forms;

/// Discourse markers (followed by "，").
const CONNECTORS: [&str; 20] = [
    "首先",
    "其次",
    "第三",
    "最后",
    "此外",
    "而且",
    "另外",
    "与此同时",
    "更糟的是",
    "不仅如此",
    "同样重要的是",
    "出于同样的理由",
    "再者",
    "况且",
    "的确",
    "坦白说",
    "更何况",
    "恕我直言",
    "同样",
    "更重要的是",
];

/// Lead-ins, each with its own punctuation: what may open a sentence before its claim.
const LEAD_INS: [&str; 30] = [
    "我方认为，",
    "我们之所以知道这一点，是因为",
    "我们这样说，是因为",
    "这并非猜测，因为",
    "这一点之所以重要，是因为",
    "还值得注意的是，",
    "还有一点值得注意：",
    "由此可见，",
    "还应考虑到：",
    "也请想象一下，",
    "证据同样表明，",
    "再想一想：",
    "数字讲的也是同一个故事：",
    "而这一点他们躲不掉：",
    "毫无疑问：",
    "不仅如此，",
    "同样重要的是，",
    "出于同样的理由，",
    "另外，",
    "更糟的是，",
    "再者，",
    "与此同时，",
    "同样，",
    "此外，",
    "更何况，",
    "恕我直言，",
    "更重要的是，",
    "而且，",
    "并且",
    "而且",
];

const REPORTS: [(&str, &str); 6] = [
    ("对方说", "，但"),
    ("即便", "，事实仍然是"),
    ("我们听到的说法是", "，但这站不住，因为"),
    ("对方辩友说", "，然而"),
    ("对方认为", "，可别忘了"),
    ("对方声称", "，这并不成立，因为"),
];

const WEIGHS: [(&str, &str); 9] = [
    ("在关键的交锋上，对方告诉我们", "；我们的回答是"),
    ("请记住对方的说法：", "；而我们已经证明"),
    ("掂量一下这场交锋：对方主张", "，但这站不住，因为"),
    (
        "对方的立论很大程度上建立在这一说法上：",
        "，而这站不住，因为",
    ),
    ("在这场交锋中，对方说", "，这一点落了下风，因为"),
    ("对方反复强调", "，但"),
    ("对方的观点是", "，这并不成立，因为"),
    ("如果对方仍然坚持", "，那就必须面对这样一个事实："),
    ("我们不能接受这种说法：", "，因为"),
];

const OUTWEIGHS: [(&str, &str); 4] = [
    ("就算承认", "，它的分量也更轻，因为"),
    ("对方只想让大家看到", "；也请看到"),
    ("无论对方多么看重", "，都比不上这一事实："),
    ("先把这一说法放在一边：", "，因为更重要的是"),
];

const EVIDENCE_THEN_CLAIM: [(&str, &str); 5] = [
    ("证据很清楚：", "，所以我们说"),
    ("这项发现——", "——之所以重要，是因为"),
    ("这一发现足以定论", "，因为"),
    ("这项发现表明：", "；由此可见，"),
    ("这一发现说明", "："),
];

const POINT_THEN_CLAIM: [(&str, &str); 4] = [
    ("这一点——", "——之所以重要，是因为"),
    ("这一点足以定论", "，因为"),
    ("这一点表明：", "；由此可见，"),
    ("这一点说明", "："),
];

const GRANTED_CLAIMS: [&str; 2] = ["决定胜负的是，", "同样关键的是，"];

const LINKS: [&str; 4] = [
    "我们之所以知道这一点，是因为",
    "我们这样说，是因为",
    "这并非猜测，因为",
    "这一点之所以重要，是因为",
];

/// The Chinese forms.
pub(super) static ZH: Forms = Forms {
    connectors: &CONNECTORS,
    lead_ins: &LEAD_INS,
    reports: &REPORTS,
    weighs: &WEIGHS,
    outweighs: &OUTWEIGHS,
    claim_then_evidence: ("我们知道，", "，因为"),
    evidence_then_claim: &EVIDENCE_THEN_CLAIM,
    point_then_claim: &POINT_THEN_CLAIM,
    granted_claims: &GRANTED_CLAIMS,
    links: &LINKS,
    press_evidence: ("有什么证据表明", "？"),
    press_weight: ("就算承认", "，凭什么它就能决定这场辩论？"),
    press_against: ("你方说", "：这如何回应我方的观点——"),
    pause: "，",
    gap: "",
    stop: "。",
    ask: "？",
    unproven: ("对方说", "，却没有拿出任何证据。"),
    one_finding: ("对方说", "，但单凭一项发现决定不了这个辩题。"),
    quoting: "你方说过：",
    challenged: ["却没有拿出任何证据。", "单凭一项发现决定不了这个辩题。"],
};
