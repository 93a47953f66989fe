// The exchange-rate table's face: its routes.
export { fxRateRoutes } from './fx-rates.routes';
