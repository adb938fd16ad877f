import { csvCell, MONEY_RECORD_COLUMNS, moneyRecordsCsv, type MoneyRecordLine } from "../../../../src/runtime/views/money-records-csv"

const refund: MoneyRecordLine = {
  createdAt: "2026-11-27T10:15:00.000Z",
  updatedAt: "2026-11-27T10:15:01.000Z",
  providerId: "pp_bnpl_bnpl",
  kind: "refund",
  state: "applied",
  amount: "5.00",
  currency: "GBP",
  serviceOrderId: "100101000001",
  requestId: "ref_01JDEXAMPLE0000W4E6R5T1Y0ZP",
  settlementReference: 'Damaged: Strap torn, "badly" [W4E6R5T1Y0ZP]',
  refundMerchantReference: "ref_01JDEXAMPLE0000W4E6R5T1Y0ZP",
  serviceReference: "rf_1",
  medusaRecordId: "ref_01JDEXAMPLE0000W4E6R5T1Y0ZP",
  orderId: "order_01",
  orderDisplayId: "1042",
  cartId: "cart_01",
}

/** RFC 4180 read back: the cells of each line, as a spreadsheet would show them. */
function parse(csv: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  for (let index = 0; index < csv.length; index++) {
    const character = csv[index]
    if (quoted) {
      if (character === '"' && csv[index + 1] === '"') {
        cell += '"'
        index++
      } else if (character === '"') quoted = false
      else cell += character
    } else if (character === '"') quoted = true
    else if (character === ",") {
      row.push(cell)
      cell = ""
    } else if (character === "\r" && csv[index + 1] === "\n") {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ""
      index++
    } else cell += character
  }
  return rows
}

describe("the money records' CSV", () => {
  it("has a header and one line per record, each cell read back as recorded, lines ending in CRLF", () => {
    const csv = moneyRecordsCsv([
      refund,
      { ...refund, kind: "capture", amount: "20.49", settlementReference: "capt_01", refundMerchantReference: "" },
    ])
    expect(csv.endsWith("\r\n")).toBe(true)
    const [header, ...lines] = parse(csv)
    expect(header).toEqual(MONEY_RECORD_COLUMNS.map(([, name]) => name))
    expect(header.slice(0, 10)).toEqual([
      "created_at",
      "updated_at",
      "provider_id",
      "kind",
      "state",
      "amount",
      "currency",
      "service_order_id",
      "request_id",
      "settlement_reference",
    ])
    expect(lines).toEqual([MONEY_RECORD_COLUMNS.map(([key]) => refund[key]), expect.arrayContaining(["capture", "20.49", "capt_01"])])
  })

  it("keeps a cell a spreadsheet would run as a formula as text, and quotes commas, quotes and line breaks", () => {
    for (const formula of ['=HYPERLINK("http://x","y")', "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(formula).replace(/^"/, "").startsWith("'")).toBe(true)
    }
    expect(parse(moneyRecordsCsv([{ ...refund, settlementReference: "=1+1 [W4E6R5T1Y0ZP]" }]))[1][9]).toBe("'=1+1 [W4E6R5T1Y0ZP]")
    expect(csvCell("a,b")).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(parse(`${csvCell("two\nlines")}\r\n`)).toEqual([["two\nlines"]])
    expect(csvCell("20.00")).toBe("20.00")
  })

  it("is only the header when the day had no money call", () => {
    expect(parse(moneyRecordsCsv([]))).toEqual([MONEY_RECORD_COLUMNS.map(([, name]) => name)])
  })
})
