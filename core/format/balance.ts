/**
 * Balance display (SPEC section 5): truncated, never rounded, to 3 decimals; '0.000' when empty or
 * zero; an optional symbol suffix. Works on the decimal text so large values stay exact.
 */
export function formatBalance(balance: string | number | undefined, symbol?: string): string {
  const text = toDecimalText(balance);
  const suffix = symbol ? ` ${symbol}` : '';
  if (text === undefined) return `0.000${suffix}`;
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  const truncated = `${whole === '' ? '0' : whole}.${fraction.slice(0, 3).padEnd(3, '0')}`;
  const isZero = /^0*\.?0*$/.test(truncated.replace('.', ''));
  return `${negative && !isZero ? '-' : ''}${truncated}${suffix}`;
}

/** Whole numbers with comma thousands separators, independent of the browser's locale: 1000 → '1,000'. */
export function formatThousands(value: number | bigint): string {
  const text = typeof value === 'bigint' ? value.toString() : Math.trunc(value).toString();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/** Token balance display: a two-decimal amount split into dollars and pennies ('12.30' → 12 / 30). */
export function splitTokenAmount(amount: number): { dollars: string; pennies: string } {
  const [dollars = '0', pennies = '00'] = (Number.isFinite(amount) ? amount : 0)
    .toFixed(2)
    .split('.');
  return { dollars, pennies };
}

function toDecimalText(balance: string | number | undefined): string | undefined {
  if (balance === undefined) return undefined;
  const text =
    typeof balance === 'number'
      ? balance.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : balance.trim();
  if (text === '' || !/^-?\d*\.?\d*$/.test(text) || !/\d/.test(text)) return undefined;
  return text;
}
