/** A coordinate as the forms show and send it: a plain decimal with 6 places (about 10 cm). */
export const formatCoordinate = (value: number) => value.toFixed(6);
