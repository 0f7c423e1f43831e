# 各游戏终端共用的提示。$kind：game、debate 或 trial。
term-paused = { $kind ->
    [debate] !! 辩论已暂停：{ $reason }。正在重试…
    [trial] !! 庭审已暂停：{ $reason }。正在重试…
   *[game] !! 对局已暂停：{ $reason }。正在重试…
}
term-store-back = { $kind ->
    [debate] !! 存储已恢复，辩论继续。
    [trial] !! 存储已恢复，庭审继续。
   *[game] !! 对局存储已恢复，对局继续。
}
term-interrupted = { $kind ->
    [debate] 已中断：辩论已保存，可用 `agora resume` 继续。
    [trial] 已中断：庭审已保存，可用 `agora resume` 继续。
   *[game] 已中断：对局已保存，可用 `agora resume` 继续。
}
term-leaving = { $kind ->
    [trial] 离开：庭审已保存，可用 `agora resume` 继续。
   *[other] 离开：对局已保存，可用 `agora resume` 继续。
}
term-input-closed = { $kind ->
    [trial] 输入已关闭：庭审已保存，可用 `agora resume` 继续。
   *[other] 输入已关闭：对局已保存，可用 `agora resume` 继续。
}
term-abandoned = { $kind ->
    [debate] 辩论已放弃。
    [trial] 庭审已放弃。
   *[game] 对局已放弃。
}
