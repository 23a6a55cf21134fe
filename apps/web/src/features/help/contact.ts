/** A tel: address for a phone number as people write it ("+33 1 23-45 (ext. 2)" → "tel:+3312345"). */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^0-9+#*]/g, "").replace(/(?!^)\+/g, "");
  return /[0-9]/.test(digits) ? `tel:${digits}` : null;
}

/** A mailto: address, when the text is one mail address. */
export function mailHref(email: string): string | null {
  const trimmed = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? `mailto:${trimmed}` : null;
}
