// NavMeshParams: Validate, the coordinate helpers, the parameter block.
using System;

namespace Onav.Tests
{
    static class ParamsTests
    {
        internal static void Run()
        {
            NavMeshParams parameters = Samples.Params();
            parameters.Validate();
            Check.Equal(16384 * 0.25, parameters.MaxLocalExtent(), "MaxLocalExtent is 16384 * CellSize");

            parameters.OriginX = 100;
            parameters.OriginZ = -50;
            Double2 origin = parameters.TileOrigin(2, -1);
            Check.Equal(164.0, origin.X, "tile origin X = OriginX + 2 * TileSize");
            Check.Equal(-82.0, origin.Y, "tile origin Z = OriginZ - TileSize");
            int tileX, tileZ;
            parameters.WorldToTile(164.0, -82.0, out tileX, out tileZ);
            Check.That(tileX == 2 && tileZ == -1, "WorldToTile of a tile origin gives that tile, got " + tileX + ", " + tileZ);

            byte[] block = parameters.Encode();
            Check.Equal(NavMeshParams.BlockLength, block.Length, "parameter block length");
            Check.Equal(100.0, BitConverter.ToDouble(block, 0), "block offset 0 is OriginX");
            Check.That(NavMeshParams.Decode(block).Equals(parameters), "decoding the block gives the parameters back");
            Check.Equal(16, parameters.Fingerprint().Length, "the fingerprint has 16 bytes");

            RejectsField("MaxVertsPerPoly", (ref NavMeshParams p) => p.MaxVertsPerPoly = 2);
            RejectsField("CellSize", (ref NavMeshParams p) => p.CellSize = 0);
            RejectsField("OriginX", (ref NavMeshParams p) => p.OriginX = 2097152.0);
            RejectsField("AgentMaxSlope", (ref NavMeshParams p) => p.AgentMaxSlope = 91);
            Check.Throws<ArgumentOutOfRangeException>(() => Samples.Params().WorldToTile(3e6, 0, out tileX, out tileZ), "WorldToTile beyond 2^21");

            byte[] shortBlock = new byte[NavMeshParams.BlockLength - 1];
            Check.Throws<NavMeshFormatException>(() => NavMeshParams.Decode(shortBlock), "a short parameter block");
        }

        delegate void Spoil(ref NavMeshParams parameters);

        static void RejectsField(string field, Spoil spoil)
        {
            NavMeshParams parameters = Samples.Params();
            spoil(ref parameters);
            var e = Check.Throws<ArgumentOutOfRangeException>(() => parameters.Validate(), "Validate with a bad " + field);
            if (e != null) Check.That(e.Message.Contains(field), "the message names " + field + ": " + e.Message);
        }
    }
}
