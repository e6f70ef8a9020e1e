/** Entry point of the CSV import's reader thread; see OrderReaderThread. */
import { workerData } from "node:worker_threads";
import { readOrders } from "./order-reader.ts";
import type { ReaderJob } from "./reader-messages.ts";

readOrders(workerData as ReaderJob);
