export { PlanTripPage } from './ui/plan-trip-page';
export { MyTripsPage } from './ui/my-trips-page';
export { EditTripPage } from './ui/edit-trip-page';
export { CompanionsPage } from './ui/companions-page';
