-- 0011: the judge's verdicts on blind votes, for its calibration against
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
