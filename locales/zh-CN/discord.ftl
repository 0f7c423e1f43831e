# Discord 机器人的服务器设置。
settings-language-set = 🌐 从下一局起，机器人在本服务器使用简体中文（社区页面也随之切换）。
settings-language-is = 🌐 机器人在本服务器使用简体中文。管理员可用 `/设置 语言:` 更改。
