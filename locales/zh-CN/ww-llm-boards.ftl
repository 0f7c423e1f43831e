# 语言模型座位在九人局以外的板子上的规则提示：由板子生成的本桌说明（见
# content/prompts/werewolf/zh-CN/rules_board.md），以及大板子的私有信息。

ww-llmb-deck-item = { $count }名{ $role }
ww-llmb-deck-one = { $role }
ww-llmb-sep = {"、"}
ww-llmb-step-wolves = 狼人
ww-llmb-witch = 女巫会被告知谁遭到袭击，她有一瓶解药（救下被袭击的人；{ $self_save }）和一瓶毒药（毒死另一个座位），每瓶整局只能用一次。
ww-llmb-hunter = 猎人只有在自己死亡时才能开枪带走一个存活座位，也可以选择不开枪：{ $rule }。
ww-llmb-sheriff = 第1天先竞选警长，再公布昨晚死讯：想当警长的上警，候选人按座位号顺序发表竞选发言，可以退水，其余玩家投票（平票：PK发言后重投；再次平票：没有警长）。警长的一票算1.5票；他决定发言顺序、最后发言并归票；警长出局时移交或撕掉警徽。
ww-llmb-reveal-role = 座位死亡时公布其身份。
ww-llmb-reveal-team = 座位死亡时只公布其阵营（好人或狼人），不公布身份。
ww-llmb-reveal-none = 座位死亡时不公布身份（游戏结束时公布所有身份）。
ww-llmb-abstain-not-day1 = 第1天的投票不能弃票。
ww-llmb-abstain-off = 任何投票都不能弃票。
ww-llmb-last-words-vote = 被放逐的座位发表遗言。
ww-llmb-last-words-first-night = 被放逐的座位发表遗言，第一夜死亡的座位也有遗言。
ww-llmb-explode = 白天发言阶段（包括警长竞选）任何狼人都可以自爆：自爆者死亡，白天立即结束，进入黑夜；竞选期间自爆则警徽流失（吞警徽）。
ww-llmb-win = 狼人全部死亡，好人阵营获胜；村民全部死亡，或{ $gods }全部死亡，狼人阵营获胜。
ww-llmb-no-abstain-now = 这一轮投票不能弃票：必须投一个座位。
ww-llmb-sheriff-is = 警长是 { $seat } 号。
ww-llmb-you-sheriff = 你是警长（你的一票算1.5票）。
ww-llmb-you-mute = 你已翻牌亮明白痴身份：你留在场上，但不能投票。
