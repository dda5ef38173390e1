export { GeocodingService } from './geocoding.service';
