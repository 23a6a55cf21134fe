-- Each server process records its role (all, web or worker), so a node can tell whether any live process
-- runs the job handlers and periodic passes: a cluster of web nodes alone accepts uploads it never processes.
ALTER TABLE "server_processes" ADD COLUMN "role" text DEFAULT 'all' NOT NULL;
