import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema/platform.ts',
    './src/db/schema/public-area.ts',
    './src/db/schema/enrolment.ts',
    './src/db/schema/benefits.ts',
    './src/db/schema/union.ts',
    './src/db/schema/personal.ts',
    './src/db/schema/features.ts',
    './src/db/schema/money.ts',
    './src/db/schema/reports.ts',
  ],
  out: './src/db/migrations',
});
