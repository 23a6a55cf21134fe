-- Screen truth: the version of the manifest a screen held when it drew a screenshot (null: older players).
ALTER TABLE "terminal_screenshots" ADD COLUMN IF NOT EXISTS "manifest_version" text;
