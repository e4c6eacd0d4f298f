// `npm run bidder -- [--processes N] [--port P]`: bidder processes of their own on PostgreSQL
// (apps/server/src/bidder-main.ts), compiled with the server.
import { runBundle } from './run-bundle.mjs';

runBundle('bidder');
