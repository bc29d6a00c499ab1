/**
 * SPEC §5 login check of the prerendered page's script (src/enhance/login.ts), which carries no zod: the
 * React form uses shared's `loginForm` rule, and tools/test/form-rules.test.ts proves both agree.
 */
export function loginFieldsMissing(email: string, password: string): boolean {
  return !email.trim() || !password.trim();
}
