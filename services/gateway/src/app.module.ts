import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuditController } from './audit/audit.controller';
import { AccountController } from './auth/account.controller';
import { AuthController } from './auth/auth.controller';
import { LocalStrategy } from './auth/local.strategy';
import { LoginThrottle } from './auth/login-throttle';
import { SessionGuard } from './access/session.guard';
import { SessionResolver } from './access/session-resolver';
import { DashboardController } from './dashboard/dashboard.controller';
import { AssignmentController } from './dispatch/assignment.controller';
import { BatteryTestsController } from './dispatch/battery-tests.controller';
import { InvoicesController } from './billing/invoices.controller';
import { PriceListController } from './billing/price-list.controller';
import { VinController } from './booking/vin.controller';
import { FitmentController } from './booking/fitment.controller';
import { WarrantyController } from './inventory/warranty.controller';
import { PhotoStore } from './photos/photo-store';
import { PhotoUploads } from './photos/photo-uploads';
import { PhotosController } from './photos/photos.controller';
import { DispatchController } from './dispatch/dispatch.controller';
import { QueueController } from './dispatch/queue.controller';
import { SchedulesController } from './dispatch/schedules.controller';
import { EventFeed } from './push/event-feed';
import { PushServer } from './push/push-server';
import { HttpDrain } from './common/http-drain';
import { StaffPush } from './push/staff-push';
import { TrackingPush } from './push/tracking-push';
import { ServiceRecordsController } from './service-records/service-records.controller';
import { UsersController } from './users/users.controller';
import { AppointmentsController } from './booking/appointments.controller';
import { CustomersController } from './booking/customers.controller';
import {
  CustomerAddressesController,
  CustomerVehiclesController,
} from './booking/customer-records.controller';
import { PublicBookingController } from './booking/public-booking.controller';
import { BookingRateLimits } from './booking/booking-rate-limit.guard';
import { TimeSlotsController } from './booking/time-slots.controller';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { SharedLimits } from './common/shared-limits';
import { HealthController } from './health/health.controller';
import { InventoryController } from './inventory/inventory.controller';
import { MessagesController } from './messages/messages.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { ReportsController } from './reports/reports.controller';
import { RpcModule } from './rpc/rpc.module';
import { BookingsController } from './tracking/bookings.controller';
import { TrackingController } from './tracking/tracking.controller';
import { TrackingViews } from './tracking/tracking-views';

@Module({
  imports: [RpcModule, PassportModule, DiscoveryModule],
  controllers: [
    AuthController,
    AccountController,
    CustomersController,
    CustomerAddressesController,
    CustomerVehiclesController,
    AppointmentsController,
    PublicBookingController,
    InventoryController,
    HealthController,
    TimeSlotsController,
    DashboardController,
    AssignmentController,
    BatteryTestsController,
    InvoicesController,
    PriceListController,
    VinController,
    FitmentController,
    WarrantyController,
    PhotosController,
    QueueController,
    SchedulesController,
    DispatchController,
    ServiceRecordsController,
    UsersController,
    OpenApiController,
    TrackingController,
    BookingsController,
    MessagesController,
    ReportsController,
    AuditController,
  ],
  providers: [
    SessionResolver,
    LocalStrategy,
    LoginThrottle,
    EventFeed,
    StaffPush,
    TrackingPush,
    PushServer,
    HttpDrain,
    TrackingViews,
    PhotoStore,
    PhotoUploads,
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    SharedLimits,
    BookingRateLimits,
  ],
})
export class AppModule {}
