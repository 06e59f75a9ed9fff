export { formatDate } from './dates';
export { formatCurrency, formatMonthlyPrice, formatPrice } from './money';
export { formatCompactNumber, formatCount, formatNumber } from './numbers';
