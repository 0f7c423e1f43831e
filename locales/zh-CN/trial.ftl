# AI 庭审：庭审经过（终端与回放）、终端上对玩家说的话、陪审员的提示与规则的拒绝理由、
# 离线陪审员补上的词，以及代码里写的模型提示词片段。参数是名字、已格式化的数字（"+3.00"）
# 和其他键给出的词。一行前后的空白（缩进、尾声前的空行）由代码负责。

## 词
trial-advocate-ai = 律师 { $n }（AI）
trial-player = 玩家 { $n }
trial-mode-defense = 辩护
trial-mode-adversarial = 对抗
trial-side-defense = 辩方
trial-side-prosecution = 控方
trial-vote-not-guilty = 无罪
trial-vote-guilty = 有罪
trial-impact-positive = 正面
trial-impact-negative = 负面
trial-impact-neutral = 中立
trial-offline = 离线规则

## 庭审经过，一个事件一行
trial-title = == { $title } ==
trial-question = 问题：{ $question }
trial-mode-players = 模式：{ $mode }；玩家：{ $players }
trial-player-side = { $player }（{ $side }）
trial-the-jury = 陪审团：
trial-juror-intro = { $name }（{ $occupation }）：“{ $first }”
# $who 是“甲 → 乙”（玩家对陪审员、陪审员对玩家）或一位陪审员的名字。
trial-to = { $from } → { $to }
trial-spoken = { $who }：{ $text }
# 陪审员对玩家的回答，带上提示（hints = labels）。
trial-hint = { $line }（{ $hint }）
trial-presents = ** { $player }出示证据：{ $title }。{ $text }
trial-rests = { $player }陈述完毕。
trial-closed-by = == { $player }提请裁决：法庭辩论结束 ==
trial-closed = == 法庭辩论结束 ==
trial-round = -- 评议第 { $round } 轮：{ $juror }发言 --
trial-verdict = == 裁决：{ $vote }（{ $total } 票中 { $n } 票认为无罪）==
trial-verdict-juror = { $juror }：{ $vote }（立场 { $from } → { $to }，变化 { $moved }）
# 主持人才看得到的行（replay --detail）：一条发言的标注，一份证据、一次评议发言带来的变化。
trial-heard = { $juror }{ $offline }：话题 { $topics }{ $dropped }；变化 { $moved } → { $stance }
trial-offline-labelled = ，离线标注
trial-topics-none = 无
trial-topic-impact = { $topic }（{ $impact }）
trial-dropped = ；舍弃 { $dropped }
trial-weighed = { $card }：{ $moves }

## 终端
trial-started = 庭审 { $session }（种子 { $seed }）：离线陪审员（按案件的关键词判读玩家说的话）。
trial-you-are = *** 你是{ $player }（{ $side }）。输入“退出”离开（庭审会保存），输入“结束庭审”结束本场庭审。 ***
trial-you-watch = 所有玩家都是 AI 律师；你在旁听。
trial-resumed-as = 庭审 { $session }（种子 { $seed }）已恢复；你是{ $player }
trial-resumed = 庭审 { $session }（种子 { $seed }）已恢复
trial-help = 输入 `陪审员：你的话` 对一位陪审员说话（例如 `王：……`）；`出示 <证据>` 出示一份证据；`陪审团` 查看陪审员；`证据` 查看证据；`完毕` 表示你陈述完毕；`裁决` 立即结束法庭辩论；`退出` 或 `结束庭审`。
trial-confirm-abandon = 再输入一次“结束庭审”以确认；输入其他内容则继续。
trial-juror-line = { $name }（{ $occupation }）
trial-juror-left = { $name }（{ $occupation }）：还能发言 { $n } 次
trial-card-line = { $id } — { $title }
trial-card-presented = { $id } — { $title }（已出示）
trial-no-card = 没有这份证据：输入 `证据` 查看全部证据。
# $who 是输入的名字，带引号。
trial-no-juror = 没有叫{ $who }的陪审员：输入 `陪审团` 查看。
trial-not-taken = 未采纳：{ $why }。
trial-chart = 图表：{ $path }
trial-unfinished = 庭审没有结束就停止了。
trial-kit = 庭审 AI —— 陪审员：{ $jurors }，律师：{ $advocates }（{ $cases } 个案件；设置 LLM_API_KEY，或 JUROR_/ADVOCATE_LLM_API_KEY，即可使用语言模型）

## 规则的拒绝理由
trial-refused-over = 庭审已经结束
trial-refused-no-seat = 没有 { $seat } 号座位
trial-refused-closed = 法庭辩论已经结束：陪审团正在评议
trial-refused-no-juror = 本案没有陪审员“{ $juror }”
trial-refused-no-turns = 你对{ $juror }的 { $turns } 次发言机会已经用完
trial-refused-no-card = 本案没有证据“{ $card }”
trial-refused-presented = 证据“{ $card }”已经出示过了
trial-refused-empty = 消息是空的：说点什么吧
trial-refused-rested = 你已经陈述完毕

## 原作的五个模糊提示（hints = labels），从玩家这一方看
trial-hint-disagrees = 似乎不认同你
trial-hint-doubts = 似乎有些疑虑
trial-hint-neutral = 态度中立
trial-hint-considering = 似乎在考虑你的观点
trial-hint-agrees = 似乎认同你

## 陪审员现在的倾向，按提示词的说法（从不给数字）
trial-band-strongly-guilty = 你现在坚信这个人工智能有罪，要有非常有力的论据才能改变你的想法。
trial-band-leans-guilty = 你现在倾向于认为这个人工智能有罪，但愿意听听不同的意见。
trial-band-undecided = 你现在还没有明确的倾向，正在仔细权衡双方的论据。
trial-band-leans-not-guilty = 你现在倾向于认为这个人工智能无罪，但仍有一些疑虑。
trial-band-strongly-not-guilty = 你现在坚信这个人工智能无罪，除非出现重大的相反证据。

## 离线陪审员在没有别的可说时补上的词
# “要什么才能说服你”的回答只有一条路时的 {second}。
trial-nothing-else = 其余各点
# 案件不再有话题时（存储的庭审，其案件已从内容中移除），陪审员的话题。
trial-the-case = 案子本身
# 评议中发言者没有名字时，陪审员怎么称呼他。
trial-friend = 朋友
# 陪审员不看重本案任何话题时，开场白的话题。
trial-what-happened = 事情的经过

## 代码里写的模型提示词片段
trial-prompt-first = （这是对方第一次跟你说话）
trial-prompt-nothing-held = 没有什么你能抓得住的东西
trial-prompt-nothing-said = （没有人对你说过什么）
trial-prompt-a-juror = 一位陪审员
trial-prompt-said = - { $player }：{ $text }
trial-prompt-to-you = - { $player }对你说：{ $text }
trial-prompt-you = - 你：{ $text }
trial-prompt-evidence = - 证据“{ $title }”：{ $text }
trial-prompt-juror-said = - { $juror }（陪审员）：{ $text }
trial-prompt-you-to = - 你对 { $juror } 说：{ $text }
trial-prompt-player-to = - 玩家 { $n } 对 { $juror } 说：{ $text }
trial-prompt-juror-to = - { $juror } 对玩家 { $n } 说：{ $text }
trial-prompt-hint = （{ $hint }）
trial-prompt-card = { $id }（{ $title }：{ $text }）
trial-prompt-presented = - 玩家 { $n } 出示了 { $card }
trial-prompt-nothing-yet = （还没有）
trial-prompt-none = 无
trial-prompt-about = { $name }，{ $age } 岁，{ $occupation }。{ $background }
