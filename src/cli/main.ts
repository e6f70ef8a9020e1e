import { OWNER_ONLY_UMASK } from "../core/database/private-files.ts";
import { runCli } from "./program.ts";

// Before anything is created: the data directory and everything the CRM writes are its owner's alone.
process.umask(OWNER_ONLY_UMASK);
process.exitCode = await runCli(process.argv);
