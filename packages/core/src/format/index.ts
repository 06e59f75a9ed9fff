export { formatDate } from './dates';
export { formatCurrency, formatMonthlyPrice, formatPrice } from './money';
export { formatCompactNumber, formatNumber } from './numbers';
