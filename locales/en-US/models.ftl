# What the code itself says to a language model, apart from a game's prompts: the request
# to repair an invalid reply (the checker's error is given as it is, in English).
llm-repair = That reply was not valid: { $error }. Answer again with one JSON object that follows the schema.
