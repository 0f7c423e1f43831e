# 各游戏的零散文本，各自注明用途：重启后关闭旧按钮时的说明、主持式或社交辩论的回放、
# 主持式或社交辩论没有接受的 `done`。

# 重启后被关闭的按钮消息下方（按钮已移除）。
restart-closed = ⌛ 这些按钮已失效（机器人已重启）。

# 重看一场主持式或社交辩论（agora replay）：标题（$format：rounds 或 social），以及上帝视角里
# 主持人或评审自己的笔记的标注。
replay-panel-all = { $format ->
        [rounds] 主持式辩论
       *[social] 社交辩论
    }第 { $seed } 场（上帝视角）：{ $motion }
replay-panel-seat = { $format ->
        [rounds] 主持式辩论
       *[social] 社交辩论
    }第 { $seed } 场，{ $seat }号辩手的视角：{ $motion }
replay-panel-notes = 【评审笔记】

# 主持式或社交辩论：在频道里输入的 `done` 没能提交发言（$why：原因，一整句）。
dp-typed-done-not-taken = <@{ $user }>，你输入的 `done` 没有生效。{ $why }
