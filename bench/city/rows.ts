/**
 * The rows of the generated city, one function per table: row i of each table is computed from
 * i alone (ids are `base + i`), so that every reference is known without a lookup. Who belongs
 * where:
 * - units: unions u < shape.unions (92 even, 93 odd), then enterprises e under union e mod unions
 *   (every tenth a branch union, 分工会); each with its login account;
 * - persons p < heavyStaff work at the demo unit qydw92101, the others at enterprise
 *   (p - heavyStaff) mod enterprises; one staff row each, 4 % left on 30 June;
 * - each staffed unit has one paid application of the current period, its payment, and per
 *   person a line and a coverage of product 01 from 1 January (continuing: no waiting period);
 * - settlement k is person k mod persons', discharged this year up to three days ago, with its
 *   treatment of product 01 (paid in the month after discharge, pending recently, none under the
 *   deductible);
 * - claim k is person (k mod persons)'s 住院生活补助, each round of persons for another stay;
 * - every unit has three messages (one read), qydw92101 a big inbox besides.
 *
 * The rows are made by domain in rows/ (base: the city's context and who is where; org,
 * enrolment, benefits, mail: each table's columns and its row i).
 */
export { CityBase as City, type CityContext, type CityIds } from './rows/base';
export * as benefits from './rows/benefits';
export * as enrolment from './rows/enrolment';
export * as mail from './rows/mail';
export * as org from './rows/org';
