import { z } from 'zod';
import { looseBoolean, optionalString } from '../../internal/coerce.js';
import type { Customer, CustomerListItem } from '../types.js';
import { idString, nullable, objectOrEmpty, vendorDate, vendorDateTime } from './common.js';

/** One row of `GET /customer`. `modifiedDate` is null live for records never modified (contract §9.7). */
export const CustomerListItemSchema = z.object({
  customerId: idString,
  firstName: optionalString,
  lastName: optionalString,
  phoneNumber: nullable(idString),
  customerNumber: nullable(idString),
  isActive: looseBoolean,
  createdDate: vendorDateTime,
  modifiedDate: nullable(vendorDateTime),
}) satisfies z.ZodType<CustomerListItem>;

const CustomerAddressSchema = objectOrEmpty(
  z.object({
    address1: optionalString,
    address2: optionalString,
    city: optionalString,
    state: optionalString,
    country: optionalString,
    postalCode: nullable(idString),
  }),
);

/** `GET /customer/{id}`. `companyName` and `loyaltyNumber` are null live though the document does not say so (§9.7). */
export const CustomerSchema = z.object({
  id: idString,
  number: nullable(idString),
  firstName: optionalString,
  lastName: optionalString,
  companyName: optionalString,
  loyaltyNumber: nullable(idString),
  address: CustomerAddressSchema,
  phone: nullable(idString),
  email: optionalString,
  birthDate: nullable(vendorDate),
  isActive: looseBoolean,
  allowSms: looseBoolean,
  recurringSmsSignupDate: nullable(vendorDateTime),
  loyaltySmsSignupDate: nullable(vendorDateTime),
  modifyDate: nullable(vendorDateTime),
}) satisfies z.ZodType<Customer>;

export const CustomerResponseSchema = z.object({ data: CustomerSchema });
