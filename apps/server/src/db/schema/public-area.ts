import { pgTable } from 'drizzle-orm/pg-core';

/** Tables of the public area (files, notices, registrations, SMS): see issue 4. */
export {};
