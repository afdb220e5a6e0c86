-- 0007: the comparisons run blind. A blind run left without a vote (the
-- command line with no terminal and no --vote, or a TUI run not voted yet)
-- must open blind again later, to be voted: nothing else in the history
-- says it was blind, and opening it named would end its blindness.

CREATE TABLE blind_runs (
  conversation_id  INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL DEFAULT 0,   -- the prompt run blind
  PRIMARY KEY (conversation_id, turn)
) WITHOUT ROWID;
