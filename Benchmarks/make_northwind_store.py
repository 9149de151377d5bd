#!/usr/bin/env python3
"""Write a plain SQLite database of the Northwind schema with N rows, for the benchmark (issue 23):
a real schema with text keys, composite keys and link tables, read through its foreign keys.

    python3 Benchmarks/make_northwind_store.py N OUT.sqlite

The schema is Microsoft's Northwind sample database (the one SQL Server and Access shipped), its
13 tables written here in SQLite from the facts of that schema: the tables and their columns, the
primary keys (text ones: `Customers.CustomerID` such as 'ALFKI', `Territories.TerritoryID` such as
'01581', `CustomerDemographics.CustomerTypeID`; composite ones: `"Order Details"` (OrderID,
ProductID), which has columns of its own and so is an entity, and the link tables
`EmployeeTerritories` and `CustomerCustomerDemo`), the foreign keys (`Employees.ReportsTo` a self
reference, `Orders.ShipVia` a role pointing at `Shippers`), an index on each foreign-key column.
The declared types are SQLite's: dates `DATETIME`, money `NUMERIC`, `Discontinued` `BOOLEAN`,
pictures `BLOB`. No DDL or data is copied from any distribution of it.

The rows are made up, by a seeded splitmix64 PRNG (no clock, no `random`), with the fan-outs of
the original's data: per 91 customers 830 orders (0 to about 30 each), 1 to 5 lines an order (2.6
on average, distinct products), 77 products from 29 suppliers, 9 employees (a manager, who reports
to nobody, and the others reporting to one of the first four) with about 5 territories each, 53
territories. Categories (8), regions (4), shippers (3) and customer demographics (5) stay that
size; every other table grows with N, so that the total is exactly N (the last rows are order
lines of extra orders). Two runs with the same N give byte-identical files.

Text keys are spread over the alphabet so that the key order (the text key's index) is not the
rowid order; territory keys are digits, so their identifiers are quoted (`Territories/'01581`).
"""
import datetime
import struct
import sys

import generated_database

DDL = [
    """CREATE TABLE "Categories" (
    "CategoryID" INTEGER PRIMARY KEY,
    "CategoryName" TEXT NOT NULL,
    "Description" TEXT,
    "Picture" BLOB)""",
    """CREATE TABLE "CustomerDemographics" (
    "CustomerTypeID" TEXT NOT NULL PRIMARY KEY,
    "CustomerDesc" TEXT)""",
    """CREATE TABLE "Customers" (
    "CustomerID" TEXT NOT NULL PRIMARY KEY,
    "CompanyName" TEXT NOT NULL,
    "ContactName" TEXT,
    "ContactTitle" TEXT,
    "Address" TEXT,
    "City" TEXT,
    "Region" TEXT,
    "PostalCode" TEXT,
    "Country" TEXT,
    "Phone" TEXT,
    "Fax" TEXT)""",
    """CREATE TABLE "CustomerCustomerDemo" (
    "CustomerID" TEXT NOT NULL REFERENCES "Customers" ("CustomerID"),
    "CustomerTypeID" TEXT NOT NULL REFERENCES "CustomerDemographics" ("CustomerTypeID"),
    PRIMARY KEY ("CustomerID", "CustomerTypeID"))""",
    """CREATE TABLE "Employees" (
    "EmployeeID" INTEGER PRIMARY KEY,
    "LastName" TEXT NOT NULL,
    "FirstName" TEXT NOT NULL,
    "Title" TEXT,
    "TitleOfCourtesy" TEXT,
    "BirthDate" DATETIME,
    "HireDate" DATETIME,
    "Address" TEXT,
    "City" TEXT,
    "Region" TEXT,
    "PostalCode" TEXT,
    "Country" TEXT,
    "HomePhone" TEXT,
    "Extension" TEXT,
    "Photo" BLOB,
    "Notes" TEXT,
    "ReportsTo" INTEGER REFERENCES "Employees" ("EmployeeID"),
    "PhotoPath" TEXT)""",
    """CREATE TABLE "Regions" (
    "RegionID" INTEGER PRIMARY KEY,
    "RegionDescription" TEXT NOT NULL)""",
    """CREATE TABLE "Territories" (
    "TerritoryID" TEXT NOT NULL PRIMARY KEY,
    "TerritoryDescription" TEXT NOT NULL,
    "RegionID" INTEGER NOT NULL REFERENCES "Regions" ("RegionID"))""",
    """CREATE TABLE "EmployeeTerritories" (
    "EmployeeID" INTEGER NOT NULL REFERENCES "Employees" ("EmployeeID"),
    "TerritoryID" TEXT NOT NULL REFERENCES "Territories" ("TerritoryID"),
    PRIMARY KEY ("EmployeeID", "TerritoryID"))""",
    """CREATE TABLE "Shippers" (
    "ShipperID" INTEGER PRIMARY KEY,
    "CompanyName" TEXT NOT NULL,
    "Phone" TEXT)""",
    """CREATE TABLE "Suppliers" (
    "SupplierID" INTEGER PRIMARY KEY,
    "CompanyName" TEXT NOT NULL,
    "ContactName" TEXT,
    "ContactTitle" TEXT,
    "Address" TEXT,
    "City" TEXT,
    "Region" TEXT,
    "PostalCode" TEXT,
    "Country" TEXT,
    "Phone" TEXT,
    "Fax" TEXT,
    "HomePage" TEXT)""",
    """CREATE TABLE "Products" (
    "ProductID" INTEGER PRIMARY KEY,
    "ProductName" TEXT NOT NULL,
    "SupplierID" INTEGER REFERENCES "Suppliers" ("SupplierID"),
    "CategoryID" INTEGER REFERENCES "Categories" ("CategoryID"),
    "QuantityPerUnit" TEXT,
    "UnitPrice" NUMERIC DEFAULT 0,
    "UnitsInStock" INTEGER DEFAULT 0,
    "UnitsOnOrder" INTEGER DEFAULT 0,
    "ReorderLevel" INTEGER DEFAULT 0,
    "Discontinued" BOOLEAN NOT NULL DEFAULT 0)""",
    """CREATE TABLE "Orders" (
    "OrderID" INTEGER PRIMARY KEY,
    "CustomerID" TEXT REFERENCES "Customers" ("CustomerID"),
    "EmployeeID" INTEGER REFERENCES "Employees" ("EmployeeID"),
    "OrderDate" DATETIME,
    "RequiredDate" DATETIME,
    "ShippedDate" DATETIME,
    "ShipVia" INTEGER REFERENCES "Shippers" ("ShipperID"),
    "Freight" NUMERIC DEFAULT 0,
    "ShipName" TEXT,
    "ShipAddress" TEXT,
    "ShipCity" TEXT,
    "ShipRegion" TEXT,
    "ShipPostalCode" TEXT,
    "ShipCountry" TEXT)""",
    """CREATE TABLE "Order Details" (
    "OrderID" INTEGER NOT NULL REFERENCES "Orders" ("OrderID"),
    "ProductID" INTEGER NOT NULL REFERENCES "Products" ("ProductID"),
    "UnitPrice" NUMERIC NOT NULL DEFAULT 0,
    "Quantity" INTEGER NOT NULL DEFAULT 1,
    "Discount" REAL NOT NULL DEFAULT 0,
    PRIMARY KEY ("OrderID", "ProductID"))""",
]
INDEXES = [
    ("Customers", "City"), ("CustomerCustomerDemo", "CustomerTypeID"), ("Employees", "ReportsTo"),
    ("Territories", "RegionID"), ("EmployeeTerritories", "TerritoryID"), ("Products", "SupplierID"),
    ("Products", "CategoryID"), ("Orders", "CustomerID"), ("Orders", "EmployeeID"), ("Orders", "ShipVia"),
    ("Order Details", "ProductID"),
]

CATEGORIES = [("Beverages", "Soft drinks, coffees, teas, beers, and ales"),
              ("Condiments", "Sweet and savory sauces, relishes, spreads, and seasonings"),
              ("Confections", "Desserts, candies, and sweet breads"), ("Dairy Products", "Cheeses"),
              ("Grains/Cereals", "Breads, crackers, pasta, and cereal"), ("Meat/Poultry", "Prepared meats"),
              ("Produce", "Dried fruit and bean curd"), ("Seafood", "Seaweed and fish")]
REGIONS = ["Eastern", "Western", "Northern", "Southern"]
SHIPPERS = [("Speedy Express", "(503) 555-9831"), ("United Package", "(503) 555-3199"),
            ("Federal Shipping", "(503) 555-9931")]
DEMOGRAPHICS = [("RETAIL", "Retail stores"), ("WHOLESALE", "Wholesale buyers"), ("ONLINE", "Online shops"),
                ("HOTEL", "Hotels & restaurants"), ("GOV", None)]
COUNTRIES = [("Germany", "Berlin", None, "12209"), ("Mexico", "México D.F.", None, "05021"),
             ("UK", "London", None, "WA1 1DP"), ("Sweden", "Luleå", None, "S-958 22"),
             ("France", "Strasbourg", None, "67000"), ("Spain", "Madrid", None, "28023"),
             ("Canada", "Tsawassen", "BC", "T2F 8M4"), ("USA", "Eugene", "OR", "97403"),
             ("Brazil", "São Paulo", "SP", "05432-043"), ("Italy", "Bergamo", None, "24100"),
             ("Japan", "Tōkyō", None, "100"), ("Norway", "Sandvika", None, "1320")]
WORDS = ["Alfreds", "Futterkiste", "Ana", "Trujillo", "Emparedados", "Antonio", "Moreno", "Taquería",
         "Around", "Horn", "Berglunds", "snabbköp", "Blauer", "See", "Delikatessen", "Blondel", "père",
         "fils", "Bólido", "Comidas", "preparadas", "Bon", "app'", "Bottom-Dollar", "Markets", "B's",
         "Beverages", "Cactus", "Centro", "comercial", "Chop-suey", "Chinese", "Comércio", "Mineiro"]
FIRST = ["Maria", "Ana", "Antonio", "Thomas", "Christina", "Hanna", "Frédérique", "Martín", "Laurence",
         "Elizabeth", "Victoria", "Patricio", "Francisco", "Yang", "Pedro", "Aria", "Diego", "Yoshi"]
LAST = ["Anders", "Trujillo", "Moreno", "Hardy", "Berglund", "Moos", "Citeaux", "Sommer", "Lebihan",
        "Lincoln", "Ashworth", "Simpson", "Chang", "Afonso", "Cruz", "Roel", "Latimer", "Tannamuri"]
TITLES = ["Sales Representative", "Owner", "Order Administrator", "Marketing Manager",
          "Accounting Manager", "Sales Agent", "Sales Associate"]
PRODUCTS = ["Chai", "Chang", "Aniseed Syrup", "Chef Anton's Cajun Seasoning", "Grandma's Boysenberry Spread",
            "Uncle Bob's Organic Dried Pears", "Northwoods Cranberry Sauce", "Mishi Kobe Niku", "Ikura",
            "Queso Cabrales", "Konbu", "Tofu", "Genen Shouyu", "Pavlova", "Alice Mutton", "Carnarvon Tigers",
            "Teatime Chocolate Biscuits", "Sir Rodney's Marmalade", "Gustaf's Knäckebröd", "Tunnbröd",
            "Guaraná Fantástica", "NuNuCa Nuß-Nougat-Creme", "Gumbär Gummibärchen", "Schoggi Schokolade",
            "Rössle Sauerkraut", "Thüringer Rostbratwurst", "Nord-Ost Matjeshering", "Côte de Blaye"]
UNITS = ["10 boxes x 20 bags", "24 - 12 oz bottles", "12 - 550 ml bottles", "48 - 6 oz jars",
         "36 boxes", "12 - 1 lb pkgs.", "1k pkg.", "2 kg box", "24 - 250 g pkgs.", "750 cc per bottle"]
NOTES = ("Education includes a BA in psychology from Colorado State University in 1970. "
         "She also completed \"The Art of the Cold Call.\" She is a member of Toastmasters International.")
MASK = (1 << 64) - 1


class SplitMix64:
    """A small seeded PRNG (splitmix64): the rows depend on nothing but N."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def pick(self, items):
        return items[self.below(len(items))]


def letters(number, width=5):
    """`number` in base 26 as `width` capital letters, the number first multiplied by a constant
    prime to the modulus, so that consecutive customers are spread over the alphabet."""
    value = (number * 7_919_609) % (26 ** width)
    text = ""
    for _ in range(width):
        value, digit = divmod(value, 26)
        text = chr(65 + digit) + text
    return text


def day(offset):
    """A date `offset` days after 4 July 1996 (the first Northwind order), in SQLite's text form."""
    return (datetime.date(1996, 7, 4) + datetime.timedelta(days=offset)).strftime("%Y-%m-%d 00:00:00")


def money(rng, low, high):
    """A price in cents between low and high, as a REAL with two decimals (what NUMERIC stores)."""
    return round((low * 100 + rng.below((high - low) * 100)) / 100.0, 2)


def picture(rng, size):
    """`size` bytes of a made-up bitmap: a BMP header, then noise."""
    return b"BM" + struct.pack("<I", size) + bytes(rng.below(256) for _ in range(size - 6))


def plan(n):
    """How many rows of each growing table make N rows in all: units of the original's 91
    customers (per unit 91 customers, 830 orders, about 2155 lines, 77 products, 29 suppliers, 9
    employees, 53 territories, 49 employee territories, 30 customer demographics links)."""
    fixed = len(CATEGORIES) + len(REGIONS) + len(SHIPPERS) + len(DEMOGRAPHICS)
    unit = 91 + 830 + 2155 + 77 + 29 + 9 + 53 + 49 + 30
    units = max(1, (n - fixed) // unit)
    return {"customers": 91 * units, "orders": 830 * units, "products": 77 * units, "suppliers": 29 * units,
            "employees": 9 * units, "territories": 53 * units, "fixed": fixed}


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: make_northwind_store.py N OUT.sqlite")
    n, out = int(sys.argv[1]), sys.argv[2]
    counts = plan(n)
    rng = SplitMix64(0x4E6F727468)
    db = generated_database.begin(out)
    for sql in DDL:
        db.execute(sql)
    total = counts["fixed"]
    db.executemany('INSERT INTO "Categories" VALUES (?, ?, ?, ?)',
                   [(i + 1, name, text, picture(rng, 400 + rng.below(400))) for i, (name, text) in enumerate(CATEGORIES)])
    db.executemany('INSERT INTO "Regions" VALUES (?, ?)', list(enumerate(REGIONS, 1)))
    db.executemany('INSERT INTO "Shippers" VALUES (?, ?, ?)', [(i + 1, a, b) for i, (a, b) in enumerate(SHIPPERS)])
    db.executemany('INSERT INTO "CustomerDemographics" VALUES (?, ?)', DEMOGRAPHICS)

    def person():
        return rng.pick(FIRST) + " " + rng.pick(LAST)

    def place():
        country, city, region, postal = rng.pick(COUNTRIES)
        return ("%d %s St." % (1 + rng.below(999), rng.pick(WORDS)), city, region, postal, country)

    def phone():
        return "(%d) %03d-%04d" % (rng.below(999), rng.below(1000), rng.below(10000))

    customers = []
    rows = []
    for number in range(counts["customers"]):
        key = letters(number)
        customers.append(key)
        address, city, region, postal, country = place()
        rows.append((key, "%s %s" % (rng.pick(WORDS), rng.pick(WORDS)), person(), rng.pick(TITLES), address, city,
                     region, postal, country, phone(), phone() if rng.below(3) else None))
    db.executemany('INSERT INTO "Customers" VALUES (%s)' % ", ".join("?" * 11), rows)
    total += len(rows)
    links = set()
    while len(links) < 30 * counts["customers"] // 91:
        links.add((rng.pick(customers), rng.pick(DEMOGRAPHICS)[0]))
    db.executemany('INSERT INTO "CustomerCustomerDemo" VALUES (?, ?)', sorted(links))
    total += len(links)

    rows = []
    for number in range(1, counts["employees"] + 1):
        manager = None if number % 9 == 1 else number - (number - 1) % 9 + rng.below(min(4, (number - 1) % 9))
        address, city, region, postal, country = place()
        rows.append((number, rng.pick(LAST), rng.pick(FIRST), rng.pick(TITLES), rng.pick(["Ms.", "Mr.", "Dr."]),
                     day(-10000 - rng.below(8000)), day(-1500 + rng.below(1000)), address, city, region, postal,
                     country, phone(), str(rng.below(10000)), picture(rng, 600 + rng.below(300)),
                     NOTES if rng.below(2) else NOTES[:80], manager,
                     "http://accweb/emmployees/%s.bmp" % rng.pick(LAST).lower()))
    db.executemany('INSERT INTO "Employees" VALUES (%s)' % ", ".join("?" * 18), rows)
    total += len(rows)

    territories = []
    rows = []
    for number in range(counts["territories"]):
        key = "%05d" % ((number * 7_927 + 1_581) % 100_000) if counts["territories"] < 100_000 else str(number)
        territories.append(key)
        rows.append((key, "%s %s" % (rng.pick(WORDS), rng.pick(["Heights", "Park", "Valley", "Springs"])),
                     1 + rng.below(len(REGIONS))))
    db.executemany('INSERT INTO "Territories" VALUES (?, ?, ?)', rows)
    total += len(rows)
    links = set()
    while len(links) < 49 * counts["employees"] // 9:
        links.add((1 + rng.below(counts["employees"]), rng.pick(territories)))
    db.executemany('INSERT INTO "EmployeeTerritories" VALUES (?, ?)', sorted(links))
    total += len(links)

    rows = []
    for number in range(1, counts["suppliers"] + 1):
        address, city, region, postal, country = place()
        rows.append((number, "%s %s" % (rng.pick(WORDS), rng.pick(["Ltd.", "AB", "GmbH", "S.A.", "Co."])), person(),
                     rng.pick(TITLES), address, city, region, postal, country, phone(),
                     phone() if rng.below(2) else None,
                     "#%s#http://www.%s.com/#" % (rng.pick(WORDS), rng.pick(WORDS).lower()) if rng.below(4) == 0 else None))
    db.executemany('INSERT INTO "Suppliers" VALUES (%s)' % ", ".join("?" * 12), rows)
    total += len(rows)
    prices = []
    rows = []
    for number in range(1, counts["products"] + 1):
        price = money(rng, 2, 120)
        prices.append(price)
        rows.append((number, "%s %d" % (rng.pick(PRODUCTS), number), 1 + rng.below(counts["suppliers"]),
                     1 + rng.below(len(CATEGORIES)), rng.pick(UNITS), price, rng.below(120), rng.below(4) * 10,
                     rng.below(4) * 5, 1 if rng.below(10) == 0 else 0))
    db.executemany('INSERT INTO "Products" VALUES (%s)' % ", ".join("?" * 10), rows)
    total += len(rows)

    # Orders and their lines: each order 1–5 lines (2.6 on average) of distinct products, until N.
    order_rows, line_rows = [], []
    order = 10_247
    orders_left = counts["orders"]
    while total < n:
        order += 1
        customer = rng.pick(customers)
        placed = rng.below(670)
        shipped = day(placed + 1 + rng.below(30)) if rng.below(40) else None
        address, city, region, postal, country = place()
        order_rows.append((order, customer, 1 + rng.below(counts["employees"]), day(placed), day(placed + 28),
                           shipped, 1 + rng.below(3), money(rng, 0, 300), "%s %s" % (rng.pick(WORDS), rng.pick(WORDS)),
                           address, city, region, postal, country))
        total += 1
        orders_left -= 1
        lines = [1, 2, 2, 2, 3, 3, 3, 5][rng.below(8)] if orders_left > 0 else 5
        products = set()
        while len(products) < lines and total < n:
            product = 1 + rng.below(counts["products"])
            if product in products:
                continue
            products.add(product)
            line_rows.append((order, product, prices[product - 1], 1 + rng.below(60),
                              [0.0, 0.0, 0.0, 0.05, 0.1, 0.15, 0.2, 0.25][rng.below(8)]))
            total += 1
        if len(order_rows) >= 50_000:
            db.executemany('INSERT INTO "Orders" VALUES (%s)' % ", ".join("?" * 14), order_rows)
            db.executemany('INSERT INTO "Order Details" VALUES (?, ?, ?, ?, ?)', line_rows)
            order_rows, line_rows = [], []
    db.executemany('INSERT INTO "Orders" VALUES (%s)' % ", ".join("?" * 14), order_rows)
    db.executemany('INSERT INTO "Order Details" VALUES (?, ?, ?, ?, ?)', line_rows)
    for table, column in INDEXES:
        db.execute('CREATE INDEX "%s_%s" ON "%s" ("%s")' % (table.replace(" ", ""), column, table, column))
    db.execute("ANALYZE")
    generated_database.finish(db, out)


if __name__ == "__main__":
    main()
