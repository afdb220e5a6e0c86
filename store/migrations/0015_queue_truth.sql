-- 0015: a queue that tells the truth (issue 33, item 6).
--
-- download_error: why the video of a task the service completed was not
-- saved (refused, cut short past the retries, not a video, over the cap).
-- Such a task is not done in the sense of "its file is whole on disk": it
-- is listed as a failed download, with a key to try again, which clears
-- this column and hands the task back to the poller. NULL when none.
ALTER TABLE video_tasks ADD COLUMN download_error TEXT;
