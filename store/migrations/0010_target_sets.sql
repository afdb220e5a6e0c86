-- 0010: named target sets (issue 30). The targets a person compares,
-- with their settings, saved under a name and taken up again by Compare,
-- a batch file (target_set = "NAME") and `compare --target-set NAME`; the
-- Arena adds the pairs it sends to Compare to the set "arena". Targets are
-- kept as the command line writes them (FAMILY:MODEL[:key=value,...]), a
-- JSON array, in the order given.

CREATE TABLE target_sets (
  name        TEXT    NOT NULL PRIMARY KEY COLLATE NOCASE,
  targets     TEXT    NOT NULL,            -- JSON array of target specs
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
