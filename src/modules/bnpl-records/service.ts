import { MedusaService } from "@medusajs/framework/utils"
import { MoneyOperation } from "./models/money-operation"

/**
 * The plugin's own records in the store's database (module `bnplRecords`): what must survive a
 * restart, a crash or a cache flush. Medusa generates the CRUD methods
 * (`createMoneyOperations`, `listMoneyOperations`, `updateMoneyOperations`, ...); each call
 * commits on its own, so a row is in the database before the service call it guards goes out.
 * The payment logic reads them through runtime/money-records.ts.
 */
export default class BnplRecordsService extends MedusaService({ MoneyOperation }) {}
