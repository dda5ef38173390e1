export { RoutingClient } from './routing.client';
export { SuggestionsController } from './suggestions.controller';
export { SuggestionsRepository } from './suggestions.repository';
export { SuggestionsService } from './suggestions.service';
export { VanStockService } from './van-stock.service';
