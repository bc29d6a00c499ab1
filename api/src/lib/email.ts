/** An e-mail address as every table and lookup keeps it: trimmed, lower-case (the one place that says so). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
