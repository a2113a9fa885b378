/** An amount in the smallest unit (wei) as exact decimal text: 1234500000000000000n, 18 → '1.2345'. */
export function minorToDecimal(valueMinor: bigint, decimals: number): string {
  const negative = valueMinor < 0n;
  const digits = (negative ? -valueMinor : valueMinor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
