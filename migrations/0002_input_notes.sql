-- An AI's note for the post-game review, stored with its input: reasoning steps,
-- suspicion scores, tokens used, faults met and the fallback taken (JSON text).
ALTER TABLE inputs ADD COLUMN note TEXT;
