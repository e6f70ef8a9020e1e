-- A run that completes an interrupted import of the same files names it, so the history can time the whole import.
ALTER TABLE `import_runs` ADD `resumes_run_id` integer;