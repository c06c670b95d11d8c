import { changePasswordBody, type Lang, strictPassword, translate } from '@sentinel/contract';

/** First error message of the strict password rule (SPEC §5) in the given language, or null. */
export function newPasswordError(value: string | undefined, lang: Lang): string | null {
  const result = strictPassword.safeParse(value ?? '');
  if (result.success) return null;
  return translate(result.error.issues[0]?.message ?? 'password.rule', lang);
}

export function currentPasswordError(value: string | undefined, lang: Lang): string | null {
  const result = changePasswordBody.shape.password.safeParse(value ?? '');
  if (result.success) return null;
  return translate(result.error.issues[0]?.message ?? 'password.required', lang);
}

export function confirmPasswordError(value: string | undefined, newPassword: string | undefined, lang: Lang) {
  if (!value) return translate('password.required', lang);
  return value === newPassword ? null : translate('password.mismatch', lang);
}
