export { StepsService } from './steps.service';
