# The Discord bot's server settings.
settings-language-set = 🌐 From the next table on, the bot plays in English on this server (the community page follows it too).
settings-language-is = 🌐 The bot plays in English on this server. `/settings language:` changes it (managers only).
