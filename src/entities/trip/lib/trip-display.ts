/** '1 day', '6 days'. */
export const daysText = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** A whole amount as the Indian locale groups it ('1,25,000'). */
export const formatAmount = (amount: number) => amount.toLocaleString('en-IN');
