/** Tables of the public area (files, notices, registrations, SMS): see issue 4. */
export {};
