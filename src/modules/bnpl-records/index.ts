import { Module } from "@medusajs/framework/utils"
import BnplRecordsService from "./service"

/** The container key of the plugin's records module. */
export const BNPL_RECORDS_MODULE = "bnplRecords"

export default Module(BNPL_RECORDS_MODULE, { service: BnplRecordsService })
