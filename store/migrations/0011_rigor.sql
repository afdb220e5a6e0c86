-- 0011: rigor (issue 35). The judge's verdicts on blind votes, for its calibration against
-- the person (atelier judge calibrate, the Arena's judge view). One per
-- vote and judge target: the winner with the answers in the order they
-- were shown (first) and reversed (second), each a letter of the shown
-- order or 'tie'; they differ when the judge is inconsistent. Kept so a
-- calibration asks the judge only about votes it has not seen.

CREATE TABLE judge_verdicts (
  vote_id     INTEGER NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
  judge       TEXT    NOT NULL,              -- the judge target, as -t names it
  first       TEXT    NOT NULL,              -- 'A'..'D' or 'tie'
  second      TEXT    NOT NULL,
  reason      TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (vote_id, judge)
) WITHOUT ROWID;

-- The style of a judged reply (its tokens, headers, bold spans and list
-- items, store/rank.StyleOf), measured once from its text and kept for
-- the style-controlled leaderboard: parsing 20,000 replies' markdown
-- each time a board of 10,000 votes is computed would cost seconds. A
-- row stands for the message as it was at updated_at; a message changed
-- since is measured again.
CREATE TABLE reply_styles (
  message_id  INTEGER PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  updated_at  INTEGER NOT NULL,
  tokens      REAL    NOT NULL,
  headers     REAL    NOT NULL,
  bold        REAL    NOT NULL,
  lists       REAL    NOT NULL
);
