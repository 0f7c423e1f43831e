# 团队辩论的文字叙述（终端、回放）及记分卡。
debate-side-pro = 正方
debate-side-con = 反方
debate-seat = { $side }{ $n }辩
debate-judge = 评委
debate-team = { $side }
debate-stage-opening = 立论陈词
debate-stage-cross_examination = 攻辩质询
debate-stage-free_debate = 自由辩论
debate-stage-closing = 总结陈词
debate-stage-finished = 评判
debate-part-opening = 立论陈词
debate-part-question = 质询提问
debate-part-answer = 回答
debate-part-summary = 质询小结
debate-part-free = 自由辩论发言
debate-part-closing = 总结陈词
debate-part-short-opening = 立论
debate-part-short-question = 提问
debate-part-short-answer = 回答
debate-part-short-summary = 小结
debate-part-short-free = 自由辩
debate-part-short-closing = 总结
debate-criterion-logic = 逻辑
debate-criterion-persuasion = 说服力
debate-criterion-expression = 表达
debate-criterion-teamwork = 团队配合
debate-criterion-rule_compliance = 规则遵守
debate-flag-counter_question = 以问代答
debate-flag-not_direct_answer = 答非所问
debate-flag-attacker_answered = 攻方作答
debate-flag-off_topic = 离题
debate-flag-scripted_summary = 照本宣科的小结
debate-flag-personal_attack = 人身攻击
debate-rule-over_limit = 超出字数上限
debate-rule-counter_question = 回答时反问
debate-rule-attacker_answered = 该提问时却作答
debate-rule-same_team_twice = 同一队连续发言两次
debate-flagged = 标记：{ $flags }
debate-penalty = 罚分：{ $who } { $points }，{ $rule }。
debate-scored = { $offline ->
    [yes] 评委（离线）：{ $seat }的第 { $n } 篇发言得 { $points } 分（{ $reasons }）
   *[no] 评委：{ $seat }的第 { $n } 篇发言得 { $points } 分（{ $reasons }）
}
debate-tag-team = [{ $side }内部]
debate-tag-judge = [评委笔记]
debate-motion = 辩题：{ $motion }
debate-limits = 字数上限：立论 { $opening }，质询提问 { $question }，回答 { $answer }，小结 { $summary }，总结 { $closing }；自由辩论每队 { $clock } 字，最多 { $turns } 轮。
debate-speeches-over = == 发言结束：评委评分并点评 ==
debate-stage = == { $stage } ==
debate-spoke = { $seat }（{ $part }{ $to }，{ $words }/{ $limit } 字{ $over }）：{ $body }
debate-spoke-to = ，质询对象：{ $seat }
debate-spoke-over = ，超出字数
debate-skipped = { $seat }未作{ $part }（主动放弃或超时）：跳过，不计分。
debate-rested = { $seat }代表{ $side }结束陈述，放弃时钟上剩余的 { $left } 字。
debate-handed-off = { $from }把发言权交给{ $to }
debate-handed-off-with = { $from }把发言权交给{ $to }：“{ $direction }”
debate-note = { $seat }：{ $text }
debate-clock = 自由辩论时钟：正方剩 { $pro } 字，反方剩 { $con } 字。
debate-review = { $offline ->
    [yes] 评委点评（离线）：{ $text }
   *[no] 评委点评：{ $text }
}
debate-result-pro = 正方获胜
debate-result-con = 反方获胜
debate-result-draw = 平局
debate-result = 结果：{ $result }。正方 { $pro } 分，反方 { $con } 分；最佳辩手：{ $best }。
debate-card-title = == 记分卡：{ $motion } ==
debate-card-pro = 正方获胜。
debate-card-con = 反方获胜。
debate-card-draw = 平局（两队总分精确到一位小数相同）。
debate-card-unfinished = 未完赛：以下为当前总分。
debate-card-totals = 队伍总分：正方 { $pro }，反方 { $con }
debate-card-best = 最佳辩手
debate-card-speeches = 各篇发言：
debate-card-speeches-offline = 各篇发言（标 * 的为离线评分：内置评委）：
debate-card-words = 字
debate-card-unscored = 未评分
debate-card-no-penalties = 罚分：无。
debate-card-penalties = 罚分：
debate-card-penalty = { $who } { $points }（{ $rule }，第 { $n } 篇发言）
debate-start = 团队辩论，对局 { $session }（种子 { $seed }）：{ $motion }
debate-start-watch = 八名 AI 辩手和一名 AI 评委；你观看公开的辩论。
debate-start-you = *** 你是{ $seat }（{ $stance }）。其余辩手由 AI 担任，评委也是 AI。输入 quit 离开（辩论会保存），输入 abandon 结束辩论。 ***
debate-stance-for = 支持辩题
debate-stance-against = 反对辩题
debate-kit = 辩论 AI：{ $roles }（共 { $topics } 个辩题；设置 LLM_API_KEY 或 PRO_/CON_/JUDGE_LLM_API_KEY 即可使用模型）
debate-kit-offline = { $role }离线
debate-kit-model = { $role }：{ $model }
debate-role-pro = 正方
debate-role-con = 反方
debate-role-judge = 评委
debate-ai-name = AI · { $personality }
